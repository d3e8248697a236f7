#!/bin/sh
# manpage.sh — docs/mqsad.1 stays in step with the CLI: every command has a section, every
# long option a command's --help mentions appears in the man page, and the page renders
# without groff warnings (when groff is installed).
BIN=${MQSAD_BIN:-build/mqsad}
MAN=docs/mqsad.1
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
[ -f "$MAN" ] && ok || { bad "no $MAN"; echo "$pass passed, $fail failed"; exit 1; }
# the page's text with roff escapes for '-' and fonts removed
text=$(sed 's/\\-/-/g; s/\\f[BIRP]//g' "$MAN")
for c in $("$BIN" --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { exit }'); do
    grep -q "^\.SS \"mqsad $c" "$MAN" && ok || bad "man page has no section for 'mqsad $c'"
    "$BIN" $c --help > /dev/null 2>&1; rc=$?
    [ $rc -eq 0 ] && ok || bad "mqsad $c --help exits $rc"
    for o in $("$BIN" $c --help 2>&1 | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u); do
        [ "$o" = --help ] && continue
        printf '%s\n' "$text" | grep -q -- "$o" && ok || bad "man page lacks '$c $o' (from mqsad $c --help)"
    done
done
n=$("$BIN" --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { n++ } END { print n + 0 }')
[ "$n" -ge 7 ] && ok || bad "mqsad --help lists $n commands"
grep -q '^\.SH "EXIT STATUS"' "$MAN" && ok || bad "no EXIT STATUS section"
grep -q '^\.SH EXAMPLES' "$MAN" && ok || bad "no EXAMPLES section"
if command -v groff >/dev/null 2>&1; then
    w=$(groff -t -man -Tutf8 -ww -z "$MAN" 2>&1)
    [ -z "$w" ] && ok || bad "groff warnings: $(printf '%s' "$w" | head -3)"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
