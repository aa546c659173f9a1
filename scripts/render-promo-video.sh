#!/usr/bin/env bash
# Renders client/public/media/promo.mp4, the short product video shown on phones (ffmpeg from Debian).
# The frames are the product's own story: a lead arrives, the assistant calls, qualifies and books.
set -euo pipefail
cd "$(dirname "$0")/../client/public/media"
font=$(fc-list | grep -iE 'DejaVuSans-Bold|LiberationSans-Bold' | head -n 1 | cut -d: -f1)
text() { echo "drawtext=fontfile=$font:text='$1':fontcolor=$2:fontsize=$3:x=70:y=$4${5:+:enable='gte(t,$5)'}"; }
ffmpeg -y -loglevel error -f lavfi -i "color=c=0x1c1b19:s=640x360:d=9:r=15" -vf "drawbox=x=40:y=40:w=560:h=280:color=0x2e2b26@1:t=fill,\
$(text 'New lead\: Maria R. · 7\:41 PM' 0xd6d0c4 22 80),\
$(text 'Porchlight AI is calling...' 0xf59e0b 34 140 1.5),\
$(text 'Answered in 4 seconds' 0xf5f2ea 26 200 3.5),\
$(text 'Pre-approved · Buying in 60 days' 0xf5f2ea 22 240 5.5),\
$(text 'Showing booked\: Saturday 10 AM' 0x4ade80 26 275 7)" \
  -c:v libx264 -pix_fmt yuv420p -crf 30 -preset slow -movflags +faststart -an promo.mp4
