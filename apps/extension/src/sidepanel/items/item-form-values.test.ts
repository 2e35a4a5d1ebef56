import { describe, expect, it } from 'vitest';
import { toFormValues, toItemFields } from './item-form-values';

describe('item form values', () => {
  it('turns the form into API fields: tags by comma, links by line, blanks as none', () => {
    expect(
      toItemFields({
        itemTypeId: '3',
        itemStatusId: '1',
        title: 'Total rounds wrong',
        descriptionHtml: '<p>x</p>',
        tags: ' money, ,urgent ',
        assigneeUserId: '',
        releaseId: '4',
        externalUrls: 'https://a.example.com\n\n https://b.example.com ',
      }),
    ).toEqual({
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

  it('starts a new item on the first type and status', () => {
    expect(toFormValues(null, { itemTypeId: 1, itemStatusId: 2 })).toMatchObject({
      itemTypeId: '1',
      itemStatusId: '2',
      title: '',
      releaseId: '',
    });
  });
});
