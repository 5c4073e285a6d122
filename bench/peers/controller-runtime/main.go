// The benchmark's Widget controller on controller-runtime: For Widget, Owns ConfigMap; per
// Widget whose status is behind, one server-side apply of `<name>-cm` and one merge patch of
// status {observedGeneration, ready}. Reads come from the cache.
//
// Environment: KUBECONFIG (file), BENCH_WORKERS (MaxConcurrentReconciles in the tuned
// profile), BENCH_PROFILE = default | tuned. "default" is controller-runtime out of the box
// (1 worker, managedFields kept; its GetConfig already turns the client-side rate limit off,
// QPS -1); "tuned" is tuned-equal: BENCH_WORKERS workers, QPS -1, managedFields stripped.
// A line "mem" on stdin prints one JSON line with heap (after a GC) and reconcile counts.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync/atomic"

	"go.uber.org/zap/zapcore"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	apiruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

var groupVersion = schema.GroupVersion{Group: "bench.operant.dev", Version: "v1"}

type WidgetSpec struct {
	Replicas int32  `json:"replicas,omitempty"`
	Data     string `json:"data,omitempty"`
}

type WidgetStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	Ready              bool  `json:"ready,omitempty"`
}

type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

func (in *Widget) DeepCopyInto(out *Widget) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
}

func (in *Widget) DeepCopyObject() apiruntime.Object {
	out := new(Widget)
	in.DeepCopyInto(out)
	return out
}

type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

func (in *WidgetList) DeepCopyObject() apiruntime.Object {
	out := &WidgetList{TypeMeta: in.TypeMeta}
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	out.Items = make([]Widget, len(in.Items))
	for i := range in.Items {
		in.Items[i].DeepCopyInto(&out.Items[i])
	}
	return out
}

var reconciles, writes atomic.Int64

type reconciler struct{ client.Client }

func (r *reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	reconciles.Add(1)
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.ObservedGeneration == w.Generation && w.Status.Ready {
		return ctrl.Result{}, nil
	}
	cm := corev1ac.ConfigMap(w.Name+"-cm", w.Namespace).
		WithData(map[string]string{"data": w.Spec.Data, "replicas": strconv.Itoa(int(w.Spec.Replicas))}).
		WithOwnerReferences(metav1ac.OwnerReference().
			WithAPIVersion(groupVersion.String()).WithKind("Widget").
			WithName(w.Name).WithUID(w.UID).WithController(true))
	if err := r.Apply(ctx, cm, client.FieldOwner("bench"), client.ForceOwnership); err != nil {
		return ctrl.Result{}, err
	}
	patch := fmt.Sprintf(`{"status":{"observedGeneration":%d,"ready":true}}`, w.Generation)
	if err := r.Status().Patch(ctx, &w, client.RawPatch(types.MergePatchType, []byte(patch))); err != nil {
		return ctrl.Result{}, err
	}
	writes.Add(2)
	return ctrl.Result{}, nil
}

func serveMem() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		if scanner.Text() != "mem" {
			continue
		}
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		out, _ := json.Marshal(map[string]any{
			"mem":        true,
			"heapBytes":  m.HeapAlloc,
			"reconciles": reconciles.Load(),
			"writes":     writes.Load(),
		})
		fmt.Println(string(out))
	}
}

func main() {
	log.SetLogger(zap.New(zap.UseDevMode(false), zap.Level(zapcore.ErrorLevel)))
	tuned := os.Getenv("BENCH_PROFILE") == "tuned"
	workers, _ := strconv.Atoi(os.Getenv("BENCH_WORKERS"))
	cfg := ctrl.GetConfigOrDie()
	scheme := apiruntime.NewScheme()
	must(clientgoscheme.AddToScheme(scheme))
	scheme.AddKnownTypes(groupVersion, &Widget{}, &WidgetList{})
	metav1.AddToGroupVersion(scheme, groupVersion)
	opts := ctrl.Options{
		Scheme:                 scheme,
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
	}
	copts := controller.Options{}
	if tuned {
		cfg.QPS = -1 // client-go: a negative QPS means no client-side rate limiter
		opts.Cache = cache.Options{DefaultTransform: cache.TransformStripManagedFields()}
		copts.MaxConcurrentReconciles = workers
	}
	fmt.Fprintf(os.Stderr, "controller-runtime peer: profile=%s qps=%v burst=%d workers=%d\n",
		os.Getenv("BENCH_PROFILE"), cfg.QPS, cfg.Burst, copts.MaxConcurrentReconciles)
	mgr, err := ctrl.NewManager(cfg, opts)
	must(err)
	must(ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		Owns(&corev1.ConfigMap{}).
		WithOptions(copts).
		Complete(&reconciler{mgr.GetClient()}))
	go serveMem()
	must(mgr.Start(ctrl.SetupSignalHandler()))
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
