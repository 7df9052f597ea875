# Placeholder: the device program arrives with the front-end issue.
