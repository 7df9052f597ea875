# Alley Cat & Back Alley rules engine: pure Python, no hardware, allocation-free after construction.
