-- Retention: inbound update ids and delivered notices are pruned after a
-- retention period, oldest first, in bounded batches; these indexes find
-- them without reading the whole table.
CREATE INDEX inbound_processed ON inbound(processed_at);
CREATE INDEX outbox_delivered ON outbox(delivered_at) WHERE status = 'delivered';
