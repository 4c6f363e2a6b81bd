# Plot of the benchmark: per-row generation cost (log scale) and bulk-insert time.
#   gnuplot -e "out='DIR'; have_insert=1" plot.gp
# reads DIR/gen.dat and (when have_insert) DIR/insert.dat, writes DIR/bench.png.
set terminal pngcairo size 1100,1000 font "DejaVu Sans,10" noenhanced
set output out . "/bench.png"
set datafile separator whitespace
set key off
set grid xtics
set style fill solid 0.6 border -1
set multiplot layout (have_insert ? 2 : 1),1 title "uidext benchmark (medians; 2 shared vCPUs, PostgreSQL 15)" font ",12"

# Horizontal bars: x = value, y = row number, labelled with the case name.
set title "1. Generation: backend CPU ns per row, SELECT count(f()) FROM generate_series(...)"
set logscale x 10
set xlabel "ns per row (log scale); dashed red line: 1.3 x the bare call"
set yrange [-0.6:*] reverse
set ytics nomirror
load out . "/plot-vars.gp"
stats out . "/gen.dat" using 2 nooutput
set xrange [50:STATS_max * 4]
# Dashed line: the 1.3 x bare-call target.
set arrow 1 from bare * 1.3, graph 0 to bare * 1.3, graph 1 nohead dt 2 lc rgb "red"
plot out . "/gen.dat" using 2:($0):(50):2:($0 - 0.35):($0 + 0.35):3:ytic(1) with boxxyerror lc rgb variable, \
     '' using 2:($0):(sprintf(" %.0f ns  (%.2f x bare)", $2, $2 / bare)) with labels left font ",9"

if (have_insert) {
unset logscale x
unset arrow 1
set title "2. Bulk insert, INSERT INTO t SELECT f() FROM generate_series(...), t(id PRIMARY KEY)"
set xlabel "seconds (bar: wall time, x: backend CPU time)"
stats out . "/insert.dat" using 3 nooutput
set xrange [0:STATS_max * 1.15]
plot out . "/insert.dat" using 3:($0):(0):3:($0 - 0.35):($0 + 0.35):ytic(1) with boxxyerror lc rgb "#d08a3a", \
     '' using 2:($0) with points pt 2 ps 1.5 lc rgb "black", \
     '' using ($3 > $2 ? $3 : $2):($0):(sprintf(" %.1f s", $3)) with labels left offset 0.8,0 font ",9"
}
unset multiplot
