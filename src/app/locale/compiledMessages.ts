/** A content file as `virtual:messages/<name>` serves it: per key, its message as a function. */
export type CompiledMessages = Readonly<
  Record<string, (values?: Record<string, unknown>) => string>
>;
