"""usage: max_rss.py LIMIT_MIB COMMAND...: runs COMMAND, then prints whether
its peak resident memory (and that of its children) stayed within LIMIT_MIB;
exits with COMMAND's status."""
import resource
import subprocess
import sys

limit = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
if peak <= limit:
    print("peak memory within %d MiB" % limit)
else:
    print("peak memory %d MiB, over %d MiB" % (peak, limit))
sys.exit(status)
