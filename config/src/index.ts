// One settings schema and loader per process, validated at start.
export {};
