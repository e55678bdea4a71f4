# Sourced by the stand-in Mac tools: appends one line per call to $MAC_TOOLS_LOG, the way the
# tests read it back: DEVELOPER_DIR as the tool saw it, the tool's name, then each argument
# (quoted when it holds a space).
record() {
    line="DEVELOPER_DIR=${DEVELOPER_DIR:-unset} $(basename "$0")"
    for argument in "$@"; do
        case "$argument" in
            *" "*) line="$line \"$argument\"" ;;
            *) line="$line $argument" ;;
        esac
    done
    printf '%s\n' "$line" >>"${MAC_TOOLS_LOG:?the stand-in Mac tools need MAC_TOOLS_LOG}"
}
