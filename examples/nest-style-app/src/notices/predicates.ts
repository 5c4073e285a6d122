/**
 * A custom predicate decorator: only objects labelled with a team are handled.
 * @module
 */
import { createPredicateDecorator, predicate } from '@operant/core';

export const HasTeam = createPredicateDecorator(
  () => predicate.labelSelector({ matchExpressions: [{ key: 'team', operator: 'Exists' }] }),
  'HasTeam',
);
