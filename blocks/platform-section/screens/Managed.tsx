import { Box, Flex, Grid, Text } from "@chakra-ui/react";
import { Bars, Panel, Pill, Row } from "./Parts.tsx";

const kpis = [
  ["Resolution", "72%"],
  ["Satisfaction", "4.8/5"],
  ["Handoffs", "11%"],
];

const changes = ["New answer: storm cover excess", "Faster postcode check", "Tone tuned for renewals"];

export function ManagedScreen() {
  return (
    <Grid gap="3">
      <Grid templateColumns="repeat(3, minmax(0, 1fr))" gap="2">
        {kpis.map(([label, value]) => (
          <Box key={label} bg="bg.card" rounded="xl" borderWidth="1px" borderColor="border.subtle" p="2.5" minW="0">
            <Text fontSize="2xs" color="fg.muted" truncate>
              {label}
            </Text>
            <Text fontSize={{ base: "lg", sm: "xl" }} fontWeight="extrabold">
              {value}
            </Text>
          </Box>
        ))}
      </Grid>
      <Grid templateColumns={{ base: "1fr", sm: "3fr 2fr" }} gap="3">
        <Panel title="Weekly resolution rate" action="12 weeks">
          <Bars heights={[48, 52, 55, 54, 58, 61, 63, 62, 66, 68, 70, 72]} h="20" />
        </Panel>
        <Panel title="This week's changes">
          {changes.map((change) => (
            <Row key={change}>
              <Flex flex="1" minW="0">
                <Text truncate>{change}</Text>
              </Flex>
              <Pill>Live</Pill>
            </Row>
          ))}
        </Panel>
      </Grid>
    </Grid>
  );
}
