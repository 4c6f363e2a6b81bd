"""One printed line per check ("ok ..." or "FAIL ..."), as the cluster scripts print them."""

failed = 0


def check(what, got, want):
    global failed
    if got == want:
        print(f"ok   {what}")
    else:
        failed += 1
        print(f"FAIL {what}: got {got!r}, expected {want!r}")
