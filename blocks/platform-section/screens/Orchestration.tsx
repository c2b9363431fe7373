import { Box, Flex, Grid, Text } from "@chakra-ui/react";
import { Bars, Dot, Panel, Pill, Row } from "./Parts.tsx";

const agents = [
  { name: "FNOL agent", state: "Handling", on: true },
  { name: "Customer service", state: "Ready", on: true },
  { name: "Retentions", state: "Ready", on: true },
  { name: "Appointment scheduler", state: "Ready", on: true },
  { name: "Human team", state: "On standby", on: false },
];

export function OrchestrationScreen() {
  return (
    <Grid templateColumns={{ base: "1fr", sm: "1fr 1fr" }} gap="3">
      <Panel title="Incoming call" action="00:42">
        <Text fontSize="xs" color="fg.muted" truncate>
          Policyholder · HE-204-118
        </Text>
        <Box my="3">
          <Bars heights={[30, 70, 45, 90, 60, 80, 35, 65, 50, 85, 40, 70]} h="10" />
        </Box>
        <Box bg="bg.subtle" rounded="lg" p="2" fontSize="xs">
          <Text color="fg.muted">Customer</Text>
          <Text>"Water is coming through my kitchen ceiling."</Text>
        </Box>
        <Flex mt="3" gap="2" wrap="wrap">
          <Pill>Intent: report a claim · 96%</Pill>
          <Pill tone="brand">Urgent</Pill>
        </Flex>
      </Panel>
      <Panel title="Routing" action="Live">
        {agents.map((agent) => (
          <Row key={agent.name}>
            <Dot on={agent.on} />
            <Text flex="1" truncate fontWeight={agent.state === "Handling" ? "bold" : "normal"}>
              {agent.name}
            </Text>
            <Pill tone={agent.state === "Handling" ? "accent" : "muted"}>{agent.state}</Pill>
          </Row>
        ))}
      </Panel>
    </Grid>
  );
}
