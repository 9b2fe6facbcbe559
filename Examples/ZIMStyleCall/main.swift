print("zim-style-call: coming")
