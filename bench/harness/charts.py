"""The report's PNG charts from results.json (matplotlib, Agg backend: no display needed).

convergence.png: converged Widgets over time during S2 (and S1), one line per peer, first repetition.
memory.png: S4 heap and RSS growth per cached object, one bar pair per peer (medians).
Usage: python charts.py results.json outdir  (prints the file names it wrote)
"""
import json
import statistics
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

results = json.load(open(sys.argv[1]))
out = sys.argv[2]
labels = {pid: p["label"] for pid, p in results["peers"].items()}
written = []


def timeline_chart(scenario, filename, title):
    runs = [r for r in results["runs"] if r["scenario"] == scenario and r.get("metrics") and r["rep"] == 0]
    runs = [r for r in runs if r["metrics"].get("timeline")]
    if not runs:
        return
    fig, ax = plt.subplots(figsize=(9, 5))
    for r in runs:
        xs = [p[0] for p in r["metrics"]["timeline"]]
        ys = [p[1] for p in r["metrics"]["timeline"]]
        ax.step(xs, ys, where="post", label=labels[r["peer"]])
    ends = sorted(r["metrics"]["timeline"][-1][0] for r in runs)
    if len(ends) > 1 and ends[-1] > 3 * ends[-2]:
        ax.set_xlim(0, 1.5 * ends[-2])  # one straggler would squash the others
        title += " (axis cut; slowest peer runs off)"
    ax.set_xlabel("seconds since start")
    ax.set_ylabel("converged Widgets")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(f"{out}/{filename}", dpi=110)
    plt.close(fig)
    written.append(filename)


timeline_chart("S2", "convergence-s2.png", f"S2 burst: {results['sizes'].get('S2', {}).get('n')} Widgets")
timeline_chart("S1", "convergence-s1.png", f"S1 cold start: {results['sizes'].get('S1', {}).get('n')} Widgets")
timeline_chart("S5", "convergence-s5.png", "S5 burst with a kube-apiserver restart")

mem = {}
for r in results["runs"]:
    if r["scenario"] == "S4" and r.get("metrics"):
        m = r["metrics"]
        mem.setdefault(r["peer"], {"heap": [], "rss": []})
        if m.get("heapPerObject") is not None:
            mem[r["peer"]]["heap"].append(m["heapPerObject"])
        if m.get("rssPerObject") is not None:
            mem[r["peer"]]["rss"].append(m["rssPerObject"])
if mem:
    fig, ax = plt.subplots(figsize=(9, 5))
    peers = list(mem)
    xs = range(len(peers))
    heap = [statistics.median(mem[p]["heap"]) if mem[p]["heap"] else 0 for p in peers]
    rss = [statistics.median(mem[p]["rss"]) if mem[p]["rss"] else 0 for p in peers]
    ax.bar([x - 0.2 for x in xs], heap, width=0.4, label="heap (after GC) per object")
    ax.bar([x + 0.2 for x in xs], rss, width=0.4, label="RSS per object")
    ax.set_xticks(list(xs))
    ax.set_xticklabels([labels[p] for p in peers], rotation=20, ha="right", fontsize=8)
    ax.set_ylabel("bytes per cached object")
    ax.set_title("S4 memory growth per cached object (ConfigMaps ~1 KB + Widgets)")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(f"{out}/memory-s4.png", dpi=110)
    plt.close(fig)
    written.append("memory-s4.png")

print("\n".join(written))
