import { Flex, Grid, Text } from "@chakra-ui/react";
import { Dot, Panel, Pill, Row } from "./Parts.tsx";

const systems = [
  { name: "CRM", detail: "Contacts and history", synced: "Synced 1 min ago" },
  { name: "Policy administration", detail: "Cover and excess", synced: "Synced 2 min ago" },
  { name: "Claims system", detail: "Open claims", synced: "Synced just now" },
  { name: "Engineer calendar", detail: "Slots by postcode", synced: "Synced just now" },
  { name: "Custom API", detail: "Payments", synced: "Synced 5 min ago" },
];

export function DataScreen() {
  return (
    <Grid gap="3">
      <Panel title="Connected systems" action="+ Add">
        {systems.map((system) => (
          <Row key={system.name}>
            <Dot />
            <Flex direction="column" flex="1" minW="0">
              <Text fontWeight="semibold" truncate>
                {system.name}
              </Text>
              <Text fontSize="2xs" color="fg.muted" truncate>
                {system.detail}
              </Text>
            </Flex>
            <Pill tone="muted">{system.synced}</Pill>
          </Row>
        ))}
      </Panel>
      <Panel title="Policy lookup · HE-204-118">
        <Grid templateColumns="repeat(3, minmax(0, 1fr))" gap="2" fontSize="xs">
          {[
            ["Cover", "Home emergency"],
            ["Excess", "£50"],
            ["Status", "Active"],
          ].map(([label, value]) => (
            <Flex key={label} direction="column" bg="bg.subtle" rounded="md" p="2" minW="0">
              <Text color="fg.muted" fontSize="2xs">
                {label}
              </Text>
              <Text fontWeight="semibold" truncate>
                {value}
              </Text>
            </Flex>
          ))}
        </Grid>
      </Panel>
    </Grid>
  );
}
