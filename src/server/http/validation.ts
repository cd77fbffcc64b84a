interface Issue {
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
  message: string;
}

/**
 * Reads the issues of a failed zod / Standard Schema parse into `{message, details}`: the message is the first
 * issue's (Norwegian, set next to each rule in src/shared/schemas), details map each field to its message.
 */
export function validationDetails(cause: unknown): { message: string; details: Record<string, string> } | undefined {
  const issues = (cause as { issues?: Issue[] } | undefined)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const key = (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.') || '_';
    details[key] ??= issue.message;
  }
  return { message: issues[0].message, details };
}
