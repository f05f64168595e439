/**
 * The widgets and fields a funnel's uiSchema may name, as data funnels:check can read without
 * loading React. RJSF resolves `"ui:widget": "<name>"` to a registered widget of that name, or
 * to the widget its type map gives for the field's type, and fails to draw the page otherwise;
 * `"ui:field"` only to a registered field. A unit test holds these lists to RJSF's own
 * registry and the app's (src/app/form/widgets), so they cannot drift.
 */
import type { AddressChoice, VehicleSpecs } from '../../types';

/** RJSF's names per schema type (@rjsf/utils getWidget's widget map). */
export const WIDGETS_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  boolean: ['checkbox', 'radio', 'select', 'hidden'],
  string: [
    'text',
    'password',
    'email',
    'hostname',
    'ipv4',
    'ipv6',
    'uri',
    'data-url',
    'radio',
    'select',
    'textarea',
    'hidden',
    'date',
    'datetime',
    'date-time',
    'alt-date',
    'alt-datetime',
    'time',
    'color',
    'file',
  ],
  number: ['text', 'select', 'updown', 'range', 'radio', 'hidden'],
  integer: ['text', 'select', 'updown', 'range', 'radio', 'hidden'],
  array: ['select', 'checkboxes', 'files', 'hidden'],
};

/** How a page uses a widget: its fields, and their uiSchema naming the widget. */
interface WidgetExample {
  properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  uiSchema: Readonly<Record<string, unknown>>;
}

/**
 * The app's own widgets (src/app/form/widgets/index.ts formWidgets), each with a page's use
 * of it: a funnel author's pattern to copy, and what the generated test funnels
 * (tests/support/generatedFunnels.ts) put on a page, so every widget listed here is drawn
 * and checked end to end without another edit.
 */
export const CUSTOM_WIDGET_EXAMPLES = {
  vehicleLookup: {
    properties: {
      plate: { type: 'string', title: 'Plate' },
      maker: { type: 'string', title: 'Maker' },
      paint: { type: 'string', title: 'Paint' },
    },
    uiSchema: {
      plate: {
        'ui:widget': 'vehicleLookup',
        'ui:options': { fill: { maker: 'make', paint: 'colour' } },
      },
    },
  },
  addressLookup: {
    properties: {
      zip: { type: 'string', title: 'Post code' },
      street: { type: 'string', title: 'Street' },
      place: { type: 'string', title: 'Place' },
    },
    uiSchema: {
      zip: {
        'ui:widget': 'addressLookup',
        'ui:options': { fill: { street: 'line1', place: 'townOrCity', zip: 'postcode' } },
      },
    },
  },
  // RJSF draws it for every `format: money` question; naming it in the uiSchema is optional.
  money: {
    properties: {
      fee: {
        type: 'string',
        format: 'money',
        title: 'Fee paid, in pounds',
        formatMinimum: '1',
        formatMaximum: '100,000',
      },
    },
    uiSchema: { fee: { 'ui:widget': 'money' } },
  },
} as const satisfies Record<string, WidgetExample>;

type CustomWidgetName = keyof typeof CUSTOM_WIDGET_EXAMPLES;

// Object.keys is typed string[]; these are the keys of the literal CUSTOM_WIDGET_EXAMPLES itself.
export const CUSTOM_WIDGETS = Object.keys(CUSTOM_WIDGET_EXAMPLES) as readonly CustomWidgetName[];

/**
 * The names of every list, as one set. A call rather than a spread at the top of the module:
 * the bundler cannot prove a spread harmless, and src/runtime does no work on loading.
 */
/* @__NO_SIDE_EFFECTS__ */
function nameSet(...lists: ReadonlyArray<readonly string[]>): ReadonlySet<string> {
  return new Set(lists.flat());
}

/** Every widget registered by name: RJSF's defaults, the app's replacements and its own. */
export const REGISTERED_WIDGETS = nameSet(
  [
    'AltDateWidget',
    'AltDateTimeWidget',
    'CheckboxWidget',
    'CheckboxesWidget',
    'ColorWidget',
    'DateWidget',
    'DateTimeWidget',
    'EmailWidget',
    'FileWidget',
    'HiddenWidget',
    'PasswordWidget',
    'RadioWidget',
    'RangeWidget',
    'RatingWidget',
    'SelectWidget',
    'TextWidget',
    'TextareaWidget',
    'TimeWidget',
    'UpDownWidget',
    'URLWidget',
  ],
  CUSTOM_WIDGETS,
);

/** Every field registered by name: RJSF's and the app's (formFields). */
export const REGISTERED_FIELDS: ReadonlySet<string> = new Set([
  'AnyOfField',
  'ArrayField',
  'BooleanField',
  'CyclicSchemaField',
  'FallbackField',
  'LayoutGridField',
  'LayoutHeaderField',
  'LayoutMultiSchemaField',
  'NumberField',
  'ObjectField',
  'OneOfField',
  'OptionalDataControlsField',
  'SchemaField',
  'StringField',
  'NullField',
  'drawOrTypeSignature',
  // Drawn by itself for every file question (`x-evidence`), never named in a uiSchema.
  'evidenceFiles',
]);

/**
 * What a lookup widget's `ui:options.fill` may copy into the page's answers: the parts of the
 * result the gateway returns (gatewayContract's AddressChoice and VehicleSpecs).
 */
export const LOOKUP_FILL_SOURCES: {
  readonly addressLookup: ReadonlyArray<Exclude<keyof AddressChoice, 'id' | 'label'>>;
  readonly vehicleLookup: ReadonlyArray<keyof VehicleSpecs>;
} = {
  addressLookup: ['line1', 'line2', 'townOrCity', 'postcode'],
  vehicleLookup: [
    'registrationNumber',
    'make',
    'colour',
    'fuelType',
    'yearOfManufacture',
    'monthOfFirstRegistration',
    'engineCapacity',
  ],
};

/** The schema type RJSF picks a widget by: `type`, or guessed from `const`/`enum`. */
function schemaTypeOf(schema: Record<string, unknown>): string | undefined {
  const type = Array.isArray(schema.type)
    ? schema.type.find((entry) => entry !== 'null')
    : schema.type;
  if (typeof type === 'string') return type;
  const sample =
    'const' in schema ? schema.const : Array.isArray(schema.enum) ? schema.enum[0] : undefined;
  if (typeof sample === 'string') return 'string';
  if (typeof sample === 'boolean') return 'boolean';
  if (typeof sample === 'number') return 'number';
  return undefined;
}

/** The widget names a field of this schema may use; undefined when its type is not known. */
export function widgetNamesFor(
  schema: Record<string, unknown>,
): { type: string; forType: readonly string[]; all: string[] } | undefined {
  const type = schemaTypeOf(schema);
  if (type === undefined) return undefined;
  const forType = WIDGETS_BY_TYPE[type] ?? [];
  return { type, forType, all: [...forType, ...REGISTERED_WIDGETS] };
}
