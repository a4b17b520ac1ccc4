// Package dist judges on many machines through NATS JetStream. A coordinator
// (judge contest --nats URL) uploads what the jobs need to an object store by
// content hash, publishes one job per run of a submission on a dataset to a
// work-queue stream, and stores every result that comes back; workers (judge
// worker) pull one job at a time with an explicit Next loop, fetch what they lack,
// judge in their own jail and publish the result before they acknowledge the job,
// so a worker that dies mid-job loses nothing: the job is delivered again after
// the acknowledgement wait and judged elsewhere. A job that keeps failing is a
// judge error after a fixed number of deliveries, never an endless loop.
//
// Broker embeds a NATS server with JetStream, so a user needs nothing else
// installed; any NATS server with JetStream works the same way. It admits only
// clients presenting its token (BrokerToken keeps it in a private file) and
// serves TLS when given a certificate (ServerTLS); clients pass both in
// ClientOptions.
package dist
