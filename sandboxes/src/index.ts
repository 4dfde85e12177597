// Dev and test only: local stand-ins of the providers. Never loaded by a production process.
export {};
