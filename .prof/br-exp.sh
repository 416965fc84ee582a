#!/bin/bash
# usage: br-exp.sh label  (env CHROMIUM_EXTRA_ARGS)
cd /work/main
FILES="e2e/browser/pages-tour.spec.ts e2e/browser/contact-manager.spec.ts e2e/browser/offers.spec.ts e2e/browser/messages.spec.ts e2e/browser/users.spec.ts e2e/browser/reports.spec.ts e2e/browser/campaigns.spec.ts e2e/browser/call-control.spec.ts"
node .prof/cpu-sampler.mjs /tmp/cpu-$1.json & sp=$!
s0=$(date +%s.%N)
node node_modules/@playwright/test/cli.js test $FILES --reporter=line > /tmp/br-$1.log 2>&1
echo "$1: wall $(echo "$(date +%s.%N) - $s0" | bc) s; $(grep -E "passed|failed" /tmp/br-$1.log | tail -2 | tr '\n' ' ')"
kill $sp; sleep 1
node .prof/cpu-report.mjs /tmp/cpu-$1.json 0 | head -6
