declare module 'virtual:registry-files' {
  const files: {
    funnels: Record<string, unknown>;
    schemas: Record<string, unknown>;
    examples: Record<string, unknown>;
  };
  export default files;
}
