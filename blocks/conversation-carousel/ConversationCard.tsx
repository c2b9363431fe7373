import { Box, Flex, Image, Text } from "@chakra-ui/react";
import { Bot } from "lucide-react";
import type { SampleConversation } from "../../contract/generated/schema-types.ts";
import { Icon } from "../../kit/icons/Icon.tsx";

interface ConversationCardProps {
  conversation: SampleConversation;
  agentName: string;
  answered: boolean;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

/** The round badge beside a message: the customer's initials or the agent's icon. */
const avatarStyles = {
  flexShrink: 0,
  w: "9",
  h: "9",
  rounded: "full",
  align: "center",
  justify: "center",
} as const;

function TypingDots() {
  return (
    <Flex gap="1" px="4" py="3.5" rounded="2xl" roundedStartEnd="sm" bg="brand.subtle" aria-hidden="true">
      {[0, 1, 2].map((dot) => (
        <Box
          key={dot}
          w="2"
          h="2"
          rounded="full"
          bg="brand.fg"
          animation="pulse 1.2s ease-in-out infinite"
          animationDelay={`${dot * 0.2}s`}
        />
      ))}
    </Flex>
  );
}

/** One sample exchange. The reply always takes its space, so the card keeps its height while the agent "types". */
export function ConversationCard({ conversation, agentName, answered }: ConversationCardProps) {
  return (
    <Flex
      direction="column"
      h="full"
      minW="0"
      bg="bg.card"
      // A light card keeps dark text on a dark ('inverted') section too.
      color="fg.default"
      rounded="2xl"
      borderWidth="1px"
      borderColor="border.subtle"
      shadow="card"
      p="5"
      gap="4"
    >
      <Flex align="center" gap="2" color="brand.fg" fontSize="sm" fontWeight="semibold">
        {conversation.icon ? (
          <Flex w="8" h="8" rounded="lg" bg="brand.subtle" align="center" justify="center">
            <Icon name={conversation.icon} size={16} />
          </Flex>
        ) : null}
        {conversation.industry}
      </Flex>
      <Flex gap="3" align="start">
        {conversation.humanImage ? (
          // Decorative: the customer's name is written beside it.
          <Image
            src={conversation.humanImage}
            alt=""
            width={36}
            height={36}
            loading="lazy"
            flexShrink={0}
            w="9"
            h="9"
            rounded="full"
            objectFit="cover"
          />
        ) : (
          <Flex
            aria-hidden="true"
            {...avatarStyles}
            bg="accent.subtle"
            color="accent.fg"
            fontSize="xs"
            fontWeight="bold"
          >
            {initials(conversation.customerName)}
          </Flex>
        )}
        <Box minW="0">
          <Text fontSize="xs" color="fg.muted" mb="1">
            {conversation.customerName}
          </Text>
          <Text bg="bg.subtle" px="4" py="3" rounded="2xl" roundedStartStart="sm" fontSize="sm">
            {conversation.customerMessage}
          </Text>
        </Box>
      </Flex>
      <Flex gap="3" align="start" justify="end">
        <Box minW="0">
          <Text fontSize="xs" color="fg.muted" mb="1" textAlign="end">
            {agentName}
          </Text>
          <Box position="relative">
            {answered ? null : (
              <Box position="absolute" top="0" insetEnd="0" data-typing="" _motionReduce={{ display: "none" }}>
                <TypingDots />
              </Box>
            )}
            <Text
              data-reply={answered ? "shown" : "pending"}
              bg="brand.solid"
              color="fg.inverted"
              px="4"
              py="3"
              rounded="2xl"
              roundedStartEnd="sm"
              fontSize="sm"
              opacity={answered ? 1 : 0}
              visibility={answered ? "visible" : "hidden"}
              transform={answered ? "none" : "translateY(8px)"}
              transition="opacity 0.4s ease, transform 0.4s ease"
              // Motion reduced, the reply is there at once (the prerender cannot know the preference).
              _motionReduce={{ opacity: 1, visibility: "visible", transform: "none" }}
            >
              {conversation.agentResponse}
            </Text>
          </Box>
        </Box>
        <Flex aria-hidden="true" {...avatarStyles} bg="brand.solid" color="fg.inverted">
          <Bot size={18} />
        </Flex>
      </Flex>
    </Flex>
  );
}
