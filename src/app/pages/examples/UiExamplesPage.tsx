import { useMemo, useState } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { StepForm } from '../../form/renderers/StepForm';
import { funnelRegistry, pageSchemaValidator } from '../../funnelRegistry';
import { usePageTitle } from '../../usePageTitle';

// Every widget a funnel can use, with its GOV.UK-style states, so a designer or product
// owner can see how a uiSchema choice will look before writing a funnel. The schema is a
// file in schemas/, so it is checked and precompiled like every page schema.
const GALLERY_SCHEMA_ID = 'ui-examples';

const galleryUiSchema: UiSchema = {
  fullName: { 'ui:autocomplete': 'name', 'ui:width': '30' },
  email: {
    'ui:widget': 'email',
    'ui:autocomplete': 'email',
    'ui:help': 'A text input with the email widget.',
  },
  phone: {
    'ui:inputType': 'tel',
    'ui:autocomplete': 'tel',
    'ui:width': '20',
    'ui:help': 'An optional field says so.',
  },
  contactBy: { 'ui:widget': 'radio' },
  notes: { 'ui:widget': 'textarea' },
};

export function UiExamplesPage() {
  usePageTitle('Form components');
  const schema = useMemo(() => funnelRegistry().bundlePageSchema(GALLERY_SCHEMA_ID), []);
  const validate = useMemo(() => pageSchemaValidator(GALLERY_SCHEMA_ID), []);
  const [checked, setChecked] = useState(false);
  return (
    <div className="narrow">
      <h1>Form components</h1>
      <p className="lead">
        The widgets funnels are built from. Press the button with the form empty to see the error
        summary and field errors.
      </p>
      <StepForm
        schema={schema as RJSFSchema}
        uiSchema={galleryUiSchema}
        initialAnswers={undefined}
        validate={validate}
        submitLabel="Check the example"
        onValid={() => setChecked(true)}
        onInvalid={() => setChecked(false)}
      >
        {checked && (
          <div className="notice notice--success" role="status">
            All fields are valid. Nothing is saved on this page.
          </div>
        )}
      </StepForm>
    </div>
  );
}
