import { labelMessages, refuse } from '@nocturne/domain';
import { describe, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type TagCatalogueEvent, tagCatalogueDecider } from './tag-catalogue-decider';

const given = deciderSpec(tagCatalogueDecider);
const now = new Date('2026-01-10T12:00:00.000Z');
const add = (tag: string) => command('AddTag', { tag }, now);
const remove = (tag: string) => command('RemoveTag', { tag }, now);
const added = (tag: string): TagCatalogueEvent => ({ type: 'TagAdded', data: { tag } });
const removed = (tag: string): TagCatalogueEvent => ({ type: 'TagRemoved', data: { tag } });

describe('the curated tag list', () => {
  it('adds a tag in its normalised form', () => {
    given()
      .when(add('  Slow   Burn '))
      .thenEvents([added('slow burn')]);
  });

  it('refuses (409) a tag in the list already, whatever its case', () => {
    given(added('romance'))
      .when(add('Romance'))
      .thenRefuses(refuse('conflict', labelMessages.tagExists('romance')));
  });

  it('adds a tag again after it was removed', () => {
    given(added('romance'), removed('romance'))
      .when(add('romance'))
      .thenEvents([added('romance')]);
  });

  it('refuses (400) a tag that breaks the rules', () => {
    for (const bad of ['', '   ', 'no_underscores', 'x'.repeat(31), '-edge']) {
      given().when(add(bad)).thenRefuses(refuse('invalid', labelMessages.badTag));
    }
  });

  it('removes a tag in the list', () => {
    given(added('romance'))
      .when(remove('ROMANCE'))
      .thenEvents([removed('romance')]);
  });

  it('refuses (404) to remove a tag not in the list', () => {
    given()
      .when(remove('romance'))
      .thenRefuses(refuse('not_found', labelMessages.tagNotFound('romance')));
    given(added('romance'), removed('romance'))
      .when(remove('romance'))
      .thenRefuses(refuse('not_found', labelMessages.tagNotFound('romance')));
  });
});
