import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { SignatureField } from './signature/SignatureField';
import { AddressLookupWidget } from './AddressLookupWidget';
import { VehicleLookupWidget } from './VehicleLookupWidget';
import { DateInputWidget } from './DateInputWidget';
import { CheckboxWidget, RadioWidget } from './ChoiceWidgets';
import { MoneyWidget } from './MoneyWidget';
import { evidenceField } from './evidence/EvidenceFieldOnDemand';

/**
 * The field every file question (`x-evidence`) is drawn with: StepForm names it in the
 * uiSchema of each such property (withFileQuestionFields), as RJSF picks the money widget
 * for every `format: money` question, so a funnel names nothing.
 */
export const FILE_QUESTION_FIELD = 'evidenceFiles';

/**
 * The custom widgets and fields a funnel can name in its uiSchema (`"ui:widget": "<name>"`,
 * `"ui:field": "<name>"`). Choosing one is data in the funnel file; this map is the only
 * place a new one is registered.
 */
export const formWidgets: RegistryWidgetsType = {
  vehicleLookup: VehicleLookupWidget,
  addressLookup: AddressLookupWidget,
  // Replaces RJSF's native date picker for every `format: date` question (GOV.UK date input).
  DateWidget: DateInputWidget,
  // GOV.UK radios and single checkboxes, replacing RJSF's (see ChoiceWidgets.tsx).
  RadioWidget,
  CheckboxWidget,
  // An amount in pounds with a "£" prefix; RJSF draws it for every `format: money` question.
  money: MoneyWidget,
};

export const formFields: RegistryFieldsType = {
  // An object value (`{method, image}` or `{method, name}`), so a field, not a widget. Not
  // named "signature": RJSF also picks a field whose name is a schema's `$id`, and the sign
  // page's schema is `signature`.
  drawOrTypeSignature: SignatureField,
  // GOV.UK's file upload, for several files: its code loads only on a page that asks for files.
  [FILE_QUESTION_FIELD]: evidenceField.Component,
};
