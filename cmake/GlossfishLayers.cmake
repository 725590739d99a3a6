# One static library per source folder, in layers: glossfish_folder_library(FOLDER DEPENDS ...)
# builds FOLDER/*.cpp (of the calling directory) as the library glossfish_FOLDER, linked to the
# libraries of the folders it DEPENDS on. A folder may include its own headers and those of the
# folders it depends on, directly or through them ("rules/position.h"); any other quoted include
# with a folder ("settings/settings.h" from host/) fails the build: the check runs before the
# library compiles (cmake/CheckIncludes.cmake). docs/build.md "Build and layout" draws the layers.
set(GLOSSFISH_LAYER_CHECK ${CMAKE_CURRENT_LIST_DIR}/CheckIncludes.cmake)

function(glossfish_folder_library folder)
    cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "DEPENDS;SOURCES")
    set(target glossfish_${folder})
    file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.cpp)
    file(GLOB headers CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.h)
    add_library(${target} STATIC ${sources} ${arg_SOURCES})
    target_include_directories(${target} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
    set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)

    # The folders it may include: its own and, transitively, those of its dependencies.
    set(allowed ${folder})
    foreach(dep IN LISTS arg_DEPENDS)
        get_property(dep_allowed GLOBAL PROPERTY GLOSSFISH_LAYER_${dep})
        if(NOT dep_allowed)
            message(FATAL_ERROR "glossfish_folder_library(${folder}): declare ${dep} before it")
        endif()
        list(APPEND allowed ${dep_allowed})
        target_link_libraries(${target} PUBLIC glossfish_${dep})
    endforeach()
    list(REMOVE_DUPLICATES allowed)
    set_property(GLOBAL PROPERTY GLOSSFISH_LAYER_${folder} ${allowed})

    set(list_file ${CMAKE_CURRENT_BINARY_DIR}/layers/${folder}.cmake)
    set(stamp ${CMAKE_CURRENT_BINARY_DIR}/layers/${folder}.ok)
    file(CONFIGURE OUTPUT ${list_file}
         CONTENT "set(FOLDER [==[${folder}]==])\nset(ALLOWED [==[${allowed}]==])\nset(FILES [==[${sources};${headers}]==])\n")
    add_custom_command(OUTPUT ${stamp}
        COMMAND ${CMAKE_COMMAND} -DLIST=${list_file} -DSTAMP=${stamp} -P ${GLOSSFISH_LAYER_CHECK}
        DEPENDS ${sources} ${headers} ${list_file} ${GLOSSFISH_LAYER_CHECK}
        COMMENT "Checking the includes of ${folder}/ (layers)"
        VERBATIM)
    add_custom_target(${target}_layers DEPENDS ${stamp})
    add_dependencies(${target} ${target}_layers)
endfunction()
