// __APP_NAME__'s grid
