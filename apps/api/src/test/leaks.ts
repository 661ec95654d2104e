/** What no answer may contain: a stack frame, a file path, SQL or an engine error. */
export const LEAKS = [
  /\n\s+at \S/,
  /\bat \S+ \(\S+:\d+:\d+\)/,
  /node_modules/,
  /\/work\/|\/tmp\/siplog|\/home\//,
  /\.[jt]s:\d+/,
  /SQLITE_|sqlite3?\b|Failed query/i,
  // PostgreSQL's error texts (the database's name alone is no leak: the backup answer names it on purpose)
  /\b(relation|column|operator|function) .* does not exist|violates \w+(-\w+)? constraint|syntax error at or near|invalid input syntax for/i,
  /\b(select|insert into|update|delete from)\s+["`]\w+["`]/i,
  /\bfrom\s+["`]\w+["`]/i,
  /Maximum call stack|\b(TypeError|ReferenceError|RangeError)\b/,
];

