-- Numbers the events nodes announce to each other (EventBus.announce): a node reads it to know which it must have heard.
CREATE SEQUENCE IF NOT EXISTS "event_clock" AS bigint;
