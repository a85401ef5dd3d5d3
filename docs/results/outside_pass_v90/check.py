import sys, glob, os
sys.path.insert(0, '/work/main')
from autotriton.verify.rules import check_rules
for f in sorted(glob.glob('/tmp/op90/[ch][0-9]*.py')):
    r = check_rules(open(f).read())
    print(os.path.basename(f), 'ACCEPT' if not r else 'REFUSE', '' if not r else str(r)[:250])
