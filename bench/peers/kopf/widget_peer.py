"""Peer: kopf. One `@kopf.on.event` handler for Widgets (event handlers keep no diff-base
annotation and no progress in status, so kopf adds no writes of its own); kopf's defaults (standalone, cluster-wide, kubeconfig login). Per
event for a Widget whose status is behind: server-side apply of `<name>-cm` and a merge patch
of status, through aiohttp (kopf's own HTTP library; kopf has no public API client).
A line "mem" on stdin prints one JSON line with RSS and the reconcile counters.
"""
import asyncio
import base64
import gc
import json
import os
import ssl
import sys
import tempfile
import threading

import aiohttp
import kopf

WORKERS = int(os.environ.get("BENCH_WORKERS", "16"))
counters = {"reconciles": 0, "writes": 0}


def load_kubeconfig():
    kc = json.load(open(os.environ["KUBECONFIG"]))
    ctx = next(c for c in kc["contexts"] if c["name"] == kc["current-context"])["context"]
    cluster = next(c for c in kc["clusters"] if c["name"] == ctx["cluster"])["cluster"]
    user = next(u for u in kc["users"] if u["name"] == ctx["user"])["user"]
    folder = tempfile.mkdtemp(prefix="kopf-peer-")
    paths = {}
    for key, field in (("ca", "certificate-authority-data"), ("cert", "client-certificate-data"), ("key", "client-key-data")):
        paths[key] = os.path.join(folder, key)
        with open(paths[key], "wb") as f:
            f.write(base64.b64decode(cluster[field] if key == "ca" else user[field]))
    context = ssl.create_default_context(cafile=paths["ca"])
    context.load_cert_chain(paths["cert"], paths["key"])
    return cluster["server"], context


SERVER, SSL_CONTEXT = load_kubeconfig()
session = None


@kopf.on.startup()
async def configure(settings: kopf.OperatorSettings, **_):
    global session
    # kopf's default: no worker limit. BENCH_KOPF_LIMIT=1 sets queueing.worker_limit =
    # BENCH_WORKERS; then each object's worker keeps its slot for queueing.idle_timeout (5 s)
    # after its event, which caps throughput near BENCH_WORKERS / 5 s objects per second
    if os.environ.get("BENCH_KOPF_LIMIT") == "1":
        settings.queueing.worker_limit = WORKERS
    session = aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(ssl=SSL_CONTEXT, limit=WORKERS + 4),
    )


@kopf.on.cleanup()
async def cleanup(**_):
    if session is not None:
        await session.close()


async def write(method, path, body, content_type):
    for _ in range(100):
        async with session.request(
            method, SERVER + path, data=json.dumps(body), headers={"Content-Type": content_type}
        ) as res:
            await res.read()
            if res.status < 300 or res.status == 404:
                return
        await asyncio.sleep(0.1)


@kopf.on.event("bench.operant.dev", "v1", "widgets")
async def widget_event(event, **_):
    if event["type"] == "DELETED":
        return
    counters["reconciles"] += 1
    w = event["object"]
    meta = w["metadata"]
    status = w.get("status") or {}
    if status.get("ready") and status.get("observedGeneration") == meta["generation"]:
        return
    ns, name = meta["namespace"], meta["name"]
    cm = {
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": {
            "namespace": ns,
            "name": f"{name}-cm",
            "ownerReferences": [
                {"apiVersion": "bench.operant.dev/v1", "kind": "Widget", "name": name, "uid": meta["uid"], "controller": True}
            ],
        },
        "data": {"data": (w.get("spec") or {}).get("data", ""), "replicas": str((w.get("spec") or {}).get("replicas", 0))},
    }
    await write(
        "PATCH",
        f"/api/v1/namespaces/{ns}/configmaps/{name}-cm?fieldManager=bench&force=true",
        cm,
        "application/apply-patch+yaml",
    )
    await write(
        "PATCH",
        f"/apis/bench.operant.dev/v1/namespaces/{ns}/widgets/{name}/status",
        {"status": {"observedGeneration": meta["generation"], "ready": True}},
        "application/merge-patch+json",
    )
    counters["writes"] += 2


def serve_mem():
    for line in sys.stdin:
        if line.strip() != "mem":
            continue
        gc.collect()
        rss = 0
        with open("/proc/self/status") as f:
            for row in f:
                if row.startswith("VmRSS:"):
                    rss = int(row.split()[1]) * 1024
        print(json.dumps({"mem": True, "heapBytes": None, "rssBytes": rss, **counters}), flush=True)
    os._exit(0)


threading.Thread(target=serve_mem, daemon=True).start()
kopf.configure(verbose=False, quiet=True)
kopf.run(clusterwide=True, standalone=True)
