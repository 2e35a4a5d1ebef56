import { FEATURES, getPlan, PLAN_IDS } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { toFormValues, toItemFields, type ItemFormValues } from './item-form-values';
import { getItemGates } from './plan-gates';

const VALUES: ItemFormValues = {
  itemTypeId: '3',
  itemStatusId: '1',
  title: 'Total rounds wrong',
  descriptionHtml: '<p>x</p>',
  tags: ' money, ,urgent ',
  assigneeUserId: '',
  releaseId: '4',
  externalUrls: 'https://a.example.com\n\n https://b.example.com ',
};

describe('item form values', () => {
  it('turns the form into API fields: tags by comma, links by line, blanks as none', () => {
    expect(toItemFields(VALUES, getItemGates(FEATURES))).toEqual({
      itemTypeId: 3,
      itemStatusId: 1,
      title: 'Total rounds wrong',
      descriptionHtml: '<p>x</p>',
      tags: ['money', 'urgent'],
      assigneeUserId: null,
      releaseId: 4,
      externalUrls: ['https://a.example.com', 'https://b.example.com'],
    });
  });

  it('leaves out the fields the plan lacks, so the item keeps what it has (spec §9)', () => {
    const fields = toItemFields(VALUES, getItemGates(getPlan(PLAN_IDS.free).features));
    expect(fields).toEqual({
      itemTypeId: 3,
      itemStatusId: 1,
      title: 'Total rounds wrong',
      descriptionHtml: '<p>x</p>',
      assigneeUserId: null,
    });
  });

  it('starts a new item on the first type and status', () => {
    expect(toFormValues(null, { itemTypeId: 1, itemStatusId: 2 })).toMatchObject({
      itemTypeId: '1',
      itemStatusId: '2',
      title: '',
      releaseId: '',
    });
  });
});
