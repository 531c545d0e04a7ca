"""WCAG 2 contrast ratios of the player palettes in docs/player-design.md.

Usage: python3 contrast.py < contrast.txt   (lines: name foreground background)
"""
def lum(h):
    h=h.lstrip('#'); c=[int(h[i:i+2],16)/255 for i in (0,2,4)]
    c=[x/12.92 if x<=0.04045 else ((x+0.055)/1.055)**2.4 for x in c]
    return 0.2126*c[0]+0.7152*c[1]+0.0722*c[2]
def cr(a,b):
    la,lb=lum(a),lum(b); return (max(la,lb)+0.05)/(min(la,lb)+0.05)
import sys
pairs=[l.split() for l in sys.stdin if l.strip()]
for p in pairs: print(f"{p[0]:>22} {p[1]} on {p[2]}: {cr(p[1],p[2]):.2f}")
