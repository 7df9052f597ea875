def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    pass


def disable_usb_drive():
    pass


def enable_usb_drive():
    pass


def getmount(mount_path):
    return None
