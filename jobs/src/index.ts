// The job contract: queue names, payload schemas, job ids, default options, queue factories.
export {};
