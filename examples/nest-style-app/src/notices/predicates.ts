/**
 * A custom predicate decorator: only objects labelled with a team are handled.
 * @module
 */
import { predicate } from '@operant/core';
import { createPredicateDecorator } from '@operant/core/decorators';

export const HasTeam = createPredicateDecorator(
  () => predicate.labelSelector({ matchExpressions: [{ key: 'team', operator: 'Exists' }] }),
  'HasTeam',
);
