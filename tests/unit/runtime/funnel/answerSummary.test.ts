import { describe, expect, it } from 'vitest';
import {
  answerFieldsOf,
  localizeFunnel,
  localizeSchema,
  summariseAnswers,
  type Funnel,
} from '../../../../src/runtime/funnel';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name' },
    financeType: {
      type: 'string',
      title: 'Type of finance',
      oneOf: [
        { const: 'pcp', title: 'Personal contract purchase (PCP)' },
        { const: 'none', title: 'No finance' },
      ],
    },
    startDate: { type: 'string', title: 'Start date', format: 'date' },
    consent: { type: 'boolean', title: 'I agree' },
    previousAddress: {
      type: 'object',
      title: 'Previous address',
      properties: { postcode: { type: 'string', title: 'Postcode' } },
    },
  },
  if: { properties: { name: { const: 'x' } } },
  then: { properties: { extra: { type: 'string', title: 'Extra detail' } } },
};

describe('summariseAnswers', () => {
  it('labels each answer with its schema title and a readable value', () => {
    const rows = summariseAnswers(schema, {
      name: 'Ann Smith',
      financeType: 'pcp',
      startDate: '2019-03-27',
      consent: true,
      previousAddress: { postcode: 'SW1A 2AA' },
    });
    expect(rows).toEqual([
      { field: 'name', label: 'Full name', value: 'Ann Smith' },
      {
        field: 'financeType',
        label: 'Type of finance',
        value: 'Personal contract purchase (PCP)',
        stored: 'pcp',
      },
      { field: 'startDate', label: 'Start date', value: '27 March 2019' },
      { field: 'consent', label: 'I agree', value: 'Yes' },
      { field: 'previousAddress.postcode', label: 'Previous address: Postcode', value: 'SW1A 2AA' },
    ]);
  });

  it('includes fields that conditional branches add, and skips empty answers', () => {
    const rows = summariseAnswers(schema, { name: 'x', extra: 'more', financeType: '' });
    expect(rows.map((row) => row.field)).toEqual(['name', 'extra']);
  });

  it('returns nothing for a page not answered', () => {
    expect(summariseAnswers(schema, undefined)).toEqual([]);
  });
});

describe('summariseAnswers with bundled schemas', () => {
  it('follows local $refs for titles and formats, keeping the property’s own title', () => {
    const bundled = {
      type: 'object',
      definitions: {
        'common.emailAddress': { type: 'string', title: 'Email address', format: 'email' },
        'common.calendarDate': { type: 'string', format: 'date' },
      },
      properties: {
        email: { $ref: '#/definitions/common.emailAddress' },
        startDate: { $ref: '#/definitions/common.calendarDate', title: 'Agreement start date' },
      },
    };
    expect(summariseAnswers(bundled, { email: 'a@example.com', startDate: '2019-03-27' })).toEqual([
      { field: 'email', label: 'Email address', value: 'a@example.com' },
      { field: 'startDate', label: 'Agreement start date', value: '27 March 2019' },
    ]);
  });
});

describe('choices shown by the label the claimant saw', () => {
  const page = {
    type: 'object',
    definitions: {
      'common.yesNo': { type: 'boolean' },
      works: { type: 'string', enum: ['cleaning', 'redecoration', 'repairs'] },
    },
    properties: {
      colour: {
        type: 'string',
        title: 'Colour',
        anyOf: [
          { const: 'red', title: 'Red' },
          { const: 'blue', title: 'Blue' },
        ],
      },
      room: { type: 'string', title: 'Room', enum: ['kitchen', 'bath'] },
      works: {
        type: 'array',
        title: 'Work needed',
        uniqueItems: true,
        items: { $ref: '#/definitions/works' },
      },
      extras: {
        type: 'array',
        title: 'Extras',
        items: {
          type: 'string',
          oneOf: [
            { const: 'wifi', title: 'Wi-Fi' },
            { const: 'tv', title: 'Television' },
          ],
        },
      },
      keyed: { type: 'string', title: 'Keyed', enum: ['a', 'b'] },
      lateFee: { type: 'string', title: 'Late fee, in pounds', format: 'money' },
      agreed: { $ref: '#/definitions/common.yesNo', title: 'Agreed' },
      pet: { type: 'boolean', title: 'Pet' },
      stay: {
        type: 'object',
        title: 'Stay',
        properties: {
          board: { type: 'string', title: 'Board', enum: ['full', 'half'] },
          paid: { type: 'string', title: 'Paid', format: 'money' },
        },
      },
    },
  };
  const uiSchema = {
    room: { 'ui:widget': 'radio', 'ui:enumNames': ['Kitchen', 'Bathroom'] },
    works: {
      'ui:widget': 'checkboxes',
      'ui:enumNames': ['Cleaning', 'Redecoration', 'Repairs'],
    },
    keyed: { 'ui:options': { enumNames: { a: 'Option A', b: 'Option B' } } },
    pet: { 'ui:widget': 'radio', 'ui:enumNames': ['Has a pet', 'No pet'] },
    stay: { board: { 'ui:enumNames': ['Full board', 'Half board'] } },
  };
  const answers = {
    colour: 'blue',
    room: 'bath',
    works: ['cleaning', 'redecoration'],
    extras: ['tv', 'wifi'],
    keyed: 'b',
    lateFee: '1150.50',
    agreed: false,
    pet: true,
    stay: { board: 'half', paid: '0.30' },
  };

  it('reads oneOf/anyOf titles, ui:enumNames (by place or by value), arrays and nested objects', () => {
    const rows = summariseAnswers(page, answers, {
      uiSchema,
      words: { yes: 'Ydy', no: 'Nac ydy' },
    });
    expect(rows).toEqual([
      { field: 'colour', label: 'Colour', value: 'Blue', stored: 'blue' },
      { field: 'room', label: 'Room', value: 'Bathroom', stored: 'bath' },
      {
        field: 'works',
        label: 'Work needed',
        value: 'Cleaning, Redecoration',
        stored: 'cleaning, redecoration',
      },
      { field: 'extras', label: 'Extras', value: 'Television, Wi-Fi', stored: 'tv, wifi' },
      { field: 'keyed', label: 'Keyed', value: 'Option B', stored: 'b' },
      { field: 'lateFee', label: 'Late fee, in pounds', value: '£1,150.50' },
      { field: 'agreed', label: 'Agreed', value: 'Nac ydy' },
      { field: 'pet', label: 'Pet', value: 'Has a pet' },
      { field: 'stay.board', label: 'Stay: Board', value: 'Half board', stored: 'half' },
      { field: 'stay.paid', label: 'Stay: Paid', value: '£0.30' },
    ]);
  });

  it('shows the stored value where nothing labels it, and Yes/No by default', () => {
    const rows = summariseAnswers(page, { room: 'bath', works: ['repairs'], agreed: true });
    expect(rows.map((row) => row.value)).toEqual(['bath', 'repairs', 'Yes']);
  });

  it("marks the choices among a page's questions, for the export's value columns", () => {
    expect(
      answerFieldsOf(page)
        .filter((field) => field.choice)
        .map((field) => field.field),
    ).toEqual(['colour', 'room', 'works', 'extras', 'keyed', 'stay.board']);
  });
});

describe("a choice in the claim's language", () => {
  it('shows the Welsh labels of a funnel offering Welsh, from its uiSchema and its schema', () => {
    const funnel = {
      funnelId: 'repairs',
      version: 1,
      title: 'Repairs',
      pages: [
        {
          pageId: 'works',
          title: 'Works',
          schema: 'works',
          uiSchema: {
            needed: { 'ui:widget': 'checkboxes', 'ui:enumNames': ['Cleaning', 'Painting'] },
          },
        },
      ],
      translations: {
        cy: {
          '/title': 'Atgyweiriadau',
          '/pages/works/title': 'Gwaith',
          '/pages/works/uiSchema/needed/ui:enumNames/0': 'Glanhau',
          '/pages/works/uiSchema/needed/ui:enumNames/1': 'Peintio',
        },
      },
    } as unknown as Funnel;
    const schema = {
      type: 'object',
      properties: {
        needed: {
          type: 'array',
          title: 'Work needed',
          items: { type: 'string', enum: ['clean', 'paint'] },
        },
        room: {
          type: 'string',
          title: 'Room',
          oneOf: [{ const: 'kitchen', title: 'Kitchen' }],
        },
      },
      'x-translations': {
        cy: {
          '/properties/needed/title': 'Gwaith sydd ei angen',
          '/properties/room/title': 'Ystafell',
          '/properties/room/oneOf/0/title': 'Cegin',
        },
      },
    };
    const page = localizeFunnel(funnel, 'cy').pages[0]!;
    const rows = summariseAnswers(
      localizeSchema(schema, 'cy'),
      { needed: ['clean', 'paint'], room: 'kitchen' },
      { uiSchema: page.uiSchema },
    );
    expect(rows.map(({ label, value }) => [label, value])).toEqual([
      ['Gwaith sydd ei angen', 'Glanhau, Peintio'],
      ['Ystafell', 'Cegin'],
    ]);
  });
});
