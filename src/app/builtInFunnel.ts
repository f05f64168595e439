/** The funnel behind the fixed `/form/<step>/{id?}` routes (links in ads and emails use them). */
export const BUILT_IN_FUNNEL_ID = 'vehicle-claim';
export const BUILT_IN_STEPS = ['start', 'address', 'check', 'sign'] as const;
