import { Box, Flex, Grid, Text } from "@chakra-ui/react";
import { Bars, Dot, Panel, Pill, Row } from "./Parts.tsx";

const channels = [
  { name: "Voice · 0161 number", on: true },
  { name: "Web chat", on: true },
  { name: "Email inbox", on: true },
  { name: "WhatsApp", on: false },
];

export function DeploymentScreen() {
  return (
    <Grid templateColumns={{ base: "1fr", sm: "1fr 1fr" }} gap="3">
      <Panel title="Production · UK South" action="Live">
        <Flex align="baseline" gap="1">
          <Text fontSize="2xl" fontWeight="extrabold">
            100%
          </Text>
          <Text fontSize="xs" color="fg.muted">
            uptime, 90 days
          </Text>
        </Flex>
        <Box mt="2">
          <Bars heights={[92, 95, 90, 97, 94, 99, 96, 98, 95, 100, 97, 100]} h="12" />
        </Box>
        <Flex gap="2" mt="3" wrap="wrap">
          <Pill>SSO</Pill>
          <Pill>MFA</Pill>
          <Pill tone="brand">Masking on</Pill>
        </Flex>
      </Panel>
      <Panel title="Channels">
        {channels.map((channel) => (
          <Row key={channel.name}>
            <Dot on={channel.on} />
            <Text flex="1" truncate>
              {channel.name}
            </Text>
            <Box
              w="7"
              h="4"
              rounded="full"
              bg={channel.on ? "accent.solid" : "border.subtle"}
              position="relative"
              flexShrink={0}
            >
              <Box
                position="absolute"
                top="0.5"
                insetStart={channel.on ? "3.5" : "0.5"}
                w="3"
                h="3"
                rounded="full"
                bg="bg.card"
              />
            </Box>
          </Row>
        ))}
      </Panel>
    </Grid>
  );
}
