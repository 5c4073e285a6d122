// Command k8s-schemas writes the OpenAPI schemas controller-gen generates for the types of
// the Kubernetes API packages named on the command line, unflattened: a field of another
// named type is {"$ref": "<short name>"} plus its field-level keywords, as controller-gen's
// parser holds it before its flattener inlines the reference. Operant's crd-gen inlines
// them the same way (packages/crd/src/k8s/flatten.ts), so one copy of each type serves
// every field that embeds it.
//
// Usage: go run . k8s.io/api/core/v1 k8s.io/api/apps/v1 'k8s.io/apimachinery/pkg/apis/meta/v1#Time,Duration' ... > schemas.json
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/controller-tools/pkg/crd"
	crdmarkers "sigs.k8s.io/controller-tools/pkg/crd/markers"
	"sigs.k8s.io/controller-tools/pkg/loader"
	"sigs.k8s.io/controller-tools/pkg/markers"
)

// shortName names a type the way a Go author imports it: core/v1.Container, meta/v1.Time.
func shortName(pkgPath, name string) string {
	switch {
	case strings.HasPrefix(pkgPath, "k8s.io/api/"):
		return strings.TrimPrefix(pkgPath, "k8s.io/api/") + "." + name
	case pkgPath == "k8s.io/apimachinery/pkg/apis/meta/v1":
		return "meta/v1." + name
	default:
		return pkgPath[strings.LastIndex(pkgPath, "/")+1:] + "." + name
	}
}

type generator struct {
	parser  *crd.Parser
	out     map[string]*apiextensionsv1.JSONSchemaProps
	pending []crd.TypeIdent
}

// rewrite replaces controller-tools' reference links with short names and queues the types they name.
func (g *generator) rewrite(schema *apiextensionsv1.JSONSchemaProps, pkg *loader.Package) {
	if schema == nil {
		return
	}
	if schema.Ref != nil {
		typ, pkgPath, err := crd.RefParts(*schema.Ref)
		if err != nil {
			fail(err)
		}
		target := pkg
		if pkgPath != "" {
			target = pkg.Imports()[pkgPath]
			if target == nil {
				fail(fmt.Errorf("%s: no import %s", pkg.PkgPath, pkgPath))
			}
		}
		ref := shortName(target.PkgPath, typ)
		schema.Ref = &ref
		g.pending = append(g.pending, crd.TypeIdent{Package: target, Name: typ})
	}
	for k, v := range schema.Properties {
		g.rewrite(&v, pkg)
		schema.Properties[k] = v
	}
	if schema.Items != nil {
		g.rewrite(schema.Items.Schema, pkg)
		for i := range schema.Items.JSONSchemas {
			g.rewrite(&schema.Items.JSONSchemas[i], pkg)
		}
	}
	if schema.AdditionalProperties != nil {
		g.rewrite(schema.AdditionalProperties.Schema, pkg)
	}
	for _, list := range [][]apiextensionsv1.JSONSchemaProps{schema.AllOf, schema.AnyOf, schema.OneOf} {
		for i := range list {
			g.rewrite(&list[i], pkg)
		}
	}
}

func (g *generator) need(typ crd.TypeIdent) {
	name := shortName(typ.Package.PkgPath, typ.Name)
	if _, done := g.out[name]; done {
		return
	}
	g.parser.NeedSchemaFor(typ)
	schema, ok := g.parser.Schemata[typ]
	if !ok {
		fail(fmt.Errorf("no schema for %s", name))
	}
	copied := schema.DeepCopy()
	g.out[name] = copied
	g.rewrite(copied, typ.Package)
}

type document struct {
	Source map[string]any                              `json:"source"`
	Types  map[string]*apiextensionsv1.JSONSchemaProps `json:"types"`
}

// source records what the schemas were generated from: the module versions and the packages.
func source(roots []*loader.Package) map[string]any {
	versions := map[string]string{}
	var paths []string
	for _, root := range roots {
		paths = append(paths, root.PkgPath)
		if root.Module != nil {
			versions[root.Module.Path] = root.Module.Version
		}
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			switch dep.Path {
			case "k8s.io/api", "k8s.io/apimachinery", "sigs.k8s.io/controller-tools":
				versions[dep.Path] = dep.Version
			}
		}
	}
	sort.Strings(paths)
	return map[string]any{"generator": "tools/k8s-schemas", "modules": versions, "packages": paths}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "k8s-schemas:", err)
	os.Exit(1)
}

func main() {
	// an argument is a package (every exported type) or package#Type,Type (those types)
	only := map[string][]string{}
	var paths []string
	for _, arg := range os.Args[1:] {
		path, names, selected := strings.Cut(arg, "#")
		if _, seen := only[path]; !seen {
			paths = append(paths, path)
		}
		if selected {
			only[path] = append(only[path], strings.Split(names, ",")...)
		} else {
			only[path] = append(only[path], "*")
		}
	}
	roots, err := loader.LoadRootsWithConfig(&packages.Config{Mode: packages.NeedModule}, paths...)
	if err != nil {
		fail(err)
	}
	reg := &markers.Registry{}
	if err := crdmarkers.Register(reg); err != nil {
		fail(err)
	}
	parser := &crd.Parser{Collector: &markers.Collector{Registry: reg}, Checker: &loader.TypeChecker{}}
	crd.AddKnownTypes(parser)
	g := &generator{parser: parser, out: map[string]*apiextensionsv1.JSONSchemaProps{}}
	for _, root := range roots {
		parser.NeedPackage(root)
	}
	var idents []crd.TypeIdent
	for ident, info := range parser.Types {
		for _, root := range roots {
			if ident.Package == root && info.RawSpec.Name.IsExported() &&
				(slices.Contains(only[root.PkgPath], "*") || slices.Contains(only[root.PkgPath], ident.Name)) {
				idents = append(idents, ident)
			}
		}
	}
	sort.Slice(idents, func(i, j int) bool { return idents[i].String() < idents[j].String() })
	for _, ident := range idents {
		g.need(ident)
	}
	for len(g.pending) > 0 {
		next := g.pending[0]
		g.pending = g.pending[1:]
		g.need(next)
	}
	if loader.PrintErrors(roots, packages.TypeError) {
		fail(fmt.Errorf("the packages have errors (above)"))
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(document{Source: source(roots), Types: g.out}); err != nil {
		fail(err)
	}
}
