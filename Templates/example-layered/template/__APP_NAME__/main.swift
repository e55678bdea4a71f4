// The whole program; the rest of the project comes from the example-shared layer.
print("Hello from __APP_NAME__!")
