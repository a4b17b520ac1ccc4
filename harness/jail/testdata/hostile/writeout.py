# expect: OK
# Writes markers outside the work folder and into /tmp.
for p in ["/tmp/jail-escape-marker", "/jail-escape-marker", "/usr/lib/jail-escape-marker", "../../jail-escape-marker"]:
    try:
        open(p, "w").write("escaped")
        print("wrote", p)
    except OSError as e:
        print(p, e)
