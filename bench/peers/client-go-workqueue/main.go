// The client-go workqueue (controller-runtime's queue) on the workload of
// bench/workqueue: add N keys plus 10% duplicates, then get/done until empty.
// Prints one JSON line per run: {"impl":"client-go","seconds":...,"ops":...}.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"k8s.io/client-go/util/workqueue"
)

func main() {
	keys := flag.Int("keys", 100000, "distinct keys")
	runs := flag.Int("runs", 5, "runs")
	flag.Parse()
	adds := make([]string, 0, *keys+*keys/10)
	for i := 0; i < *keys; i++ {
		adds = append(adds, fmt.Sprintf("ns-%d/obj-%d", i%100, i))
		if i%10 == 0 {
			adds = append(adds, fmt.Sprintf("ns-%d/obj-%d", (i/2)%100, i/2))
		}
	}
	for r := 0; r < *runs; r++ {
		q := workqueue.NewTyped[string]()
		start := time.Now()
		for _, k := range adds {
			q.Add(k)
		}
		ops := len(adds)
		for q.Len() > 0 {
			k, _ := q.Get()
			q.Done(k)
			ops += 2
		}
		elapsed := time.Since(start).Seconds()
		q.ShutDown()
		_ = json.NewEncoder(os.Stdout).Encode(map[string]any{"impl": "client-go", "seconds": elapsed, "ops": ops})
	}
}
