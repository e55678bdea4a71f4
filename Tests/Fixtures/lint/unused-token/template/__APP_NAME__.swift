let id = "__BUNDLE_ID__"
