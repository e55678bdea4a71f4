import DuoNewKit

print("duo-new: not built yet")
