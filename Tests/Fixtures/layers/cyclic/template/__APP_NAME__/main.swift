print("__APP_NAME__")
