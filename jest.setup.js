// Runs before every test file: quiet runtime logs in tests unless asked for
// (OPERANT_LOG_LEVEL=info or debug shows them); warnings and errors still print.
process.env.OPERANT_LOG_LEVEL ??= 'warn';
