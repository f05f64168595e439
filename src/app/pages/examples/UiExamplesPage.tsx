import { useMemo, useState } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { StepForm } from '../../form/renderers/StepForm';
import { funnelRegistry, pageSchemaValidator } from '../../funnelRegistry';
import { usePageTitle } from '../../usePageTitle';
import { examplesText } from './examplesText';

// Every widget a funnel can use, with its GOV.UK-style states, so a designer or product
// owner can see how a uiSchema choice will look before writing a funnel. The schema is a
// file in schemas/, so it is checked and precompiled like every page schema.
const GALLERY_SCHEMA_ID = 'ui-examples';

const galleryUiSchema: UiSchema = {
  fullName: { 'ui:autocomplete': 'name', 'ui:width': '30' },
  email: {
    'ui:widget': 'email',
    'ui:autocomplete': 'email',
    'ui:help': examplesText('ui.emailHelp'),
  },
  phone: {
    'ui:inputType': 'tel',
    'ui:autocomplete': 'tel',
    'ui:width': '20',
    'ui:help': examplesText('ui.phoneHelp'),
  },
  contactBy: { 'ui:widget': 'radio' },
  notes: { 'ui:widget': 'textarea' },
};

export function UiExamplesPage() {
  usePageTitle(examplesText('ui.title'));
  const schema = useMemo(() => funnelRegistry().bundlePageSchema(GALLERY_SCHEMA_ID), []);
  const validate = useMemo(() => pageSchemaValidator(GALLERY_SCHEMA_ID), []);
  const [checked, setChecked] = useState(false);
  return (
    <div className="narrow">
      <h1>{examplesText('ui.title')}</h1>
      <p className="lead">{examplesText('ui.intro')}</p>
      <StepForm
        // RJSF has a JSON Schema type of its own; a bundled page schema is one.
        schema={schema as RJSFSchema}
        uiSchema={galleryUiSchema}
        initialAnswers={undefined}
        validate={validate}
        submitLabel={examplesText('ui.submit')}
        onValid={() => setChecked(true)}
        onInvalid={() => setChecked(false)}
      >
        {checked && (
          <div className="notice notice--success" role="status">
            {examplesText('ui.valid')}
          </div>
        )}
      </StepForm>
    </div>
  );
}
