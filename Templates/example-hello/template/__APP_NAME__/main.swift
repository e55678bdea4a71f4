// The whole program: duo-new stamped the greeting and the name.
print("__GREETING__ from __APP_NAME__!")
