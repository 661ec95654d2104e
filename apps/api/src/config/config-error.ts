/**
 * A setting the app will not start with. Its message names the setting and says what is wrong, which is all an
 * operator needs: main.ts prints it alone and exits 1, where a real crash keeps its stack.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
