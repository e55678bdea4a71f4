// The whole program: duo-new stamped the greeting and the name, and chose the file that
// frames it ('__STYLE__').
print(frame("__GREETING__ from __APP_NAME__!"))
