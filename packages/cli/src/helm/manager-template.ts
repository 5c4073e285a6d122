/**
 * The manager's Deployment as a chart template: image, replicas, args, env, resources,
 * security contexts and scheduling from `manager.*`; `--metrics-bind-address` from
 * `metrics`; `--sharding` and the replica count from `sharding`. Everything else (probes,
 * ServiceAccount, volumes, the grace period's place) is the kustomize output's.
 * @module
 */
import { type ManagerDeployment, type ManifestObject, managerContainer } from './objects.js';
import type { TemplateText } from './placeholders.js';

const image =
  '"{{ .Values.manager.image.repository }}{{ with .Values.manager.image.tag }}:{{ . }}{{ end }}{{ with .Values.manager.image.digest }}@{{ . }}{{ end }}"';

/** `deployment` (namespace already tokenized) with the value-driven fields as template tokens. */
export function managerTemplate(deployment: ManagerDeployment, text: TemplateText): ManifestObject {
  const container = managerContainer(deployment);
  const podSpec = deployment.spec.template.spec;
  const templated = {
    ...container,
    image: text.inline(image),
    imagePullPolicy: text.inline('{{ .Values.manager.image.pullPolicy }}'),
    args: [
      text.lines(() => [
        '{{- if .Values.metrics.enable }}',
        '- --metrics-bind-address=:{{ .Values.metrics.port }}',
        '{{- end }}',
        '{{- range .Values.manager.args }}',
        '- {{ . | quote }}',
        '{{- end }}',
        '{{- if .Values.sharding.enable }}',
        '- --sharding',
        '{{- end }}',
      ]),
    ],
    env: [
      ...(container.env ?? []),
      text.lines((indent) => ['{{- with .Values.manager.env }}', `{{- toYaml . | nindent ${indent} }}`, '{{- end }}']),
    ],
    resources: text.block('toYaml .Values.manager.resources'),
    securityContext: text.block('toYaml .Values.manager.securityContext'),
  };
  const containers = podSpec.containers.map((c) => (c === container ? templated : c));
  const scheduling = text.lines((indent) =>
    ['imagePullSecrets', 'nodeSelector', 'tolerations', 'affinity'].flatMap((key) => [
      `{{- with .Values.manager.${key} }}`,
      `${key}:`,
      `{{- toYaml . | nindent ${indent + 2} }}`,
      '{{- end }}',
    ]),
  );
  return {
    ...deployment,
    spec: {
      ...deployment.spec,
      replicas: text.inline(
        '{{ if .Values.sharding.enable }}{{ .Values.sharding.replicas }}{{ else }}{{ .Values.manager.replicas }}{{ end }}',
      ),
      template: {
        ...deployment.spec.template,
        spec: {
          ...podSpec,
          securityContext: text.block('toYaml .Values.manager.podSecurityContext'),
          containers,
          terminationGracePeriodSeconds: text.inline('{{ .Values.manager.terminationGracePeriodSeconds }}'),
          [scheduling]: '',
        },
      },
    },
  };
}
